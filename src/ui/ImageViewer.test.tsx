import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n/i18n';
import { clampIndex, ImageViewer } from './ImageViewer';

beforeAll(async () => {
  await initI18n({ lng: 'en' });
});

const images = [
  { src: '/a.jpg', alt: 'Lobby' },
  { src: '/b.jpg', alt: 'Roof' },
];

function Harness() {
  const [index, setIndex] = useState(0);
  const [open, setOpen] = useState(true);
  return <ImageViewer images={images} index={index} open={open} onIndexChange={setIndex} onClose={() => setOpen(false)} />;
}

describe('ImageViewer', () => {
  it('moves between images and stops at both ends', () => {
    render(<Harness />);
    expect(screen.getByRole('img', { name: 'Lobby' })).toBeTruthy();
    expect(screen.getByText('Image 1 of 2')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous image' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next image' }));
    expect(screen.getByRole('img', { name: 'Roof' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next image' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('closes', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Close image' }));
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('clamps the index', () => {
    expect(clampIndex(5, 2)).toBe(1);
    expect(clampIndex(-1, 2)).toBe(0);
    expect(clampIndex(3, 0)).toBe(0);
  });
});
