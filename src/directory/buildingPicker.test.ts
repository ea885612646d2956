import { describe, expect, it } from 'vitest';
import { buildingOfAddress, buildingPickerOptions } from './buildingPicker';

const kept = [{ id: 102, name: 'Rothschild Towers' }];

describe('buildingPicker', () => {
  it('reads a building id from the address, and nothing else as one', () => {
    expect([buildingOfAddress('101'), buildingOfAddress(undefined), buildingOfAddress(''), buildingOfAddress('abc'), buildingOfAddress('-3')]).toEqual([
      101,
      null,
      null,
      null,
      null,
    ]);
  });

  it('adds the chosen building the device does not hold, by the server’s name or else its number, and drops the placeholder once one is chosen', () => {
    expect(buildingPickerOptions(kept, 101, { id: 101, name: 'Herzl House' }, 'Choose')).toEqual([
      { value: '102', label: 'Rothschild Towers' },
      { value: '101', label: 'Herzl House' },
    ]);
    expect(buildingPickerOptions(kept, 101, null, 'Choose').at(-1)).toEqual({ value: '101', label: '101' });
    expect(buildingPickerOptions(kept, 102, null, 'Choose')).toEqual([{ value: '102', label: 'Rothschild Towers' }]);
    expect(buildingPickerOptions(kept, null, null, 'Choose')[0]).toEqual({ value: '', label: 'Choose' });
  });
});
