import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n/i18n';
import { AttachmentsList } from './AttachmentsList';

beforeAll(async () => {
  await initI18n({ lng: 'en' });
});

describe('AttachmentsList', () => {
  it('says when there are no attachments', () => {
    render(<AttachmentsList items={[]} />);
    expect(screen.getByText('No attachments')).toBeTruthy();
  });

  it('opens and removes an item', () => {
    const onOpen = vi.fn();
    const onRemove = vi.fn();
    const item = { id: '1', name: 'invoice.pdf' };
    render(<AttachmentsList items={[item]} onOpen={onOpen} onRemove={onRemove} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open invoice.pdf' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove invoice.pdf' }));
    expect(onOpen).toHaveBeenCalledWith(item);
    expect(onRemove).toHaveBeenCalledWith(item);
  });

  it('has no remove button when removing is not offered', () => {
    render(<AttachmentsList items={[{ id: '1', name: 'a.jpg' }]} />);
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
  });

  it('shows a thumbnail for an image by its type or its name, none for another file', () => {
    const items = [
      { id: '1', name: 'x.bin', mime: 'image/png', url: 'blob:one' },
      { id: '2', name: 'photo.JPG', url: 'blob:two' },
      { id: '3', name: 'doc.pdf', url: 'blob:three' },
      { id: '4', name: 'old-scan.bmp', url: 'blob:four' },
    ];
    const { container } = render(<AttachmentsList items={items} />);
    expect([...container.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual(['blob:one', 'blob:two', 'blob:four']);
  });
});
