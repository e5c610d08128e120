import { describe, expect, it } from 'vitest';
import { type Block, CHUNK_MAX_CHARS, chunkBlocks, markdownToBlocks, textToBlocks } from './chunking';

describe('chunking', () => {
  it('reads Markdown headings and keeps the heading path of each chunk', () => {
    const md = `# Handbook\n\nIntro.\n\n## Pets\n\n${'Dogs are welcome. '.repeat(40)}\n\n## Parking\n\n${'One space each. '.repeat(40)}`;
    const chunks = chunkBlocks(markdownToBlocks(md));
    expect(chunks.map((c) => c.headingPath)).toEqual([['Handbook'], ['Handbook', 'Parking']]);
    expect(chunks[0]?.content.startsWith('Handbook\n\nIntro.\n\nPets\n\nDogs are welcome.')).toBe(true);
    expect(chunks[1]?.content.startsWith('Parking\n\nOne space each.')).toBe(true);
  });

  it('ignores # lines inside fenced code', () => {
    const blocks = markdownToBlocks('# Title\n\n```\n# not a heading\n```\n');
    expect(blocks.filter((b) => b.kind === 'heading')).toHaveLength(1);
  });

  it('never makes a chunk longer than the maximum, splitting long text at sentences', () => {
    const text = `${'A sentence of moderate length sits here. '.repeat(200)}${'x'.repeat(5000)}`;
    const chunks = chunkBlocks(textToBlocks(text));
    expect(chunks.length).toBeGreaterThan(5);
    for (const c of chunks) expect(c.content.length).toBeLessThanOrEqual(CHUNK_MAX_CHARS);
    expect(
      chunks
        .map((c) => c.content)
        .join('')
        .replace(/\s/g, '').length,
    ).toBe(text.replace(/\s/g, '').length);
  });

  it('keeps quiet headings (PDF pages) out of the text but in the path', () => {
    const blocks: Block[] = [
      { kind: 'heading', level: 1, text: 'Page 1', quiet: true },
      { kind: 'text', text: 'First page text.' },
    ];
    expect(chunkBlocks(blocks)).toEqual([{ headingPath: ['Page 1'], content: 'First page text.' }]);
  });
});
