import { describe, expect, it } from 'vitest';
import { itemVisibleTo, toOptions } from './useDictOptions';

describe('dictionary options by org code', () => {
  const items = [
    { value: 'travel', text: '差旅费', description: 'A01,A02,A03' },
    { value: 'entertain', text: '业务招待费', description: 'A01,A05' },
    { value: 'other', text: '其他', description: '' },
  ];
  it('keeps items whose description contains the org code or its company code', () => {
    expect(toOptions(items, 'A02A01').map((o) => o.value)).toEqual(['travel', 'other']);
    expect(toOptions(items, 'A05').map((o) => o.value)).toEqual(['entertain', 'other']);
  });
  it('items without a description show to everyone', () => {
    expect(itemVisibleTo({ value: 'x', text: 'x' }, null)).toBe(true);
  });
  it('options carry label, text and title', () => {
    expect(toOptions(items, 'A01')[0]).toMatchObject({ value: 'travel', label: '差旅费', text: '差旅费', title: '差旅费' });
  });
});
