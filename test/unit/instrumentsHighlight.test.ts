import { describe, expect, it } from 'vitest';
import { highlightParts } from '../../renderer/src/features/instruments/logic/highlight';

describe('matched words highlighting', () => {
  it('marks every occurrence of each word, case-insensitively', () => {
    expect(highlightParts('Apple Inc. - apple', 'APPLE')).toEqual([
      { text: 'Apple', match: true },
      { text: ' Inc. - ', match: false },
      { text: 'apple', match: true },
    ]);
  });

  it('marks words only where they start a word, as the search matches them', () => {
    expect(highlightParts('Microsoft Corp', 'micro soft')).toEqual([
      { text: 'Micro', match: true },
      { text: 'soft Corp', match: false },
    ]);
    expect(highlightParts('ASA:xnas', 'a')).toEqual([
      { text: 'A', match: true },
      { text: 'SA:xnas', match: false },
    ]);
    expect(highlightParts('BRK.B', 'b')).toEqual([
      { text: 'B', match: true },
      { text: 'RK.', match: false },
      { text: 'B', match: true },
    ]);
  });

  it('merges overlapping words and leaves text alone when nothing was typed', () => {
    expect(highlightParts('Microsoft', 'micro microsoft')).toEqual([{ text: 'Microsoft', match: true }]);
    expect(highlightParts('Microsoft', '  ')).toEqual([{ text: 'Microsoft', match: false }]);
  });

  it('keeps markup-looking text as plain text parts', () => {
    const parts = highlightParts('<b>Tesla</b>', 'tesla');
    expect(parts.map((part) => part.text).join('')).toBe('<b>Tesla</b>');
    expect(parts.find((part) => part.match)?.text).toBe('Tesla');
  });
});
