import { describe, expect, it } from 'vitest';
import { fillMarkers, isMissingDetails, surnamePageDrawing } from './drawings.ts';

describe('pages drawn with their data', () => {
  it('fills every marker in one pass: a value holding a marker stays as written', () => {
    expect(
      fillMarkers('<h1>\uE000a\uE000</h1><p>\uE000b\uE000</p>', [
        ['\uE000a\uE000', '\uE000b\uE000 $&'],
        ['\uE000b\uE000', 'B'],
      ]),
    ).toBe('<h1>\uE000b\uE000 $&</h1><p>B</p>');
    expect(fillMarkers('<p>x</p>', [])).toBe('<p>x</p>');
  });

  it("draws a surname once per shape its page can take, each shape's answer in that shape", () => {
    expect(surnamePageDrawing.shapes).toHaveLength(9);
    for (const shape of surnamePageDrawing.shapes) {
      expect(surnamePageDrawing.shape(surnamePageDrawing.marked(shape))).toBe(shape);
    }
    // The "Update From" shape keeps markers where details are missing: blank to trim().
    const partial = surnamePageDrawing.marked('n/partial').view;
    expect(isMissingDetails(partial)).toBe(true);
    expect(partial.gam).not.toBe('');
    const full = surnamePageDrawing.marked('n/full').view;
    expect(isMissingDetails(full)).toBe(false);
    // Every sample the build checks falls in some shape.
    const shapes = new Set(surnamePageDrawing.samples.map((s) => surnamePageDrawing.shape(s)));
    expect([...shapes].every((s) => surnamePageDrawing.shapes.includes(s))).toBe(true);
  });

  it('writes texts escaped, the missing facts as "unknown", the count as the app formats it', () => {
    const [sample] = surnamePageDrawing.samples;
    if (!sample) throw new Error('no sample');
    const answer = {
      ...sample,
      view: { ...sample.view, name_guj: '<b>"x"</b>', gotra: '', user_count: 2500 },
    };
    const fills = new Map(surnamePageDrawing.fills(answer, { unknown: 'અજ્ઞાત' }));
    expect(fills.get('\uE000surname-name_guj\uE000')).toBe('&lt;b&gt;&quot;x&quot;&lt;/b&gt;');
    expect(fills.get('\uE000surname-gotra\uE000')).toBe('અજ્ઞાત');
    expect(fills.get('876.5m')).toBe('2.5k');
    // The description is the server's sanitized HTML, as it is.
    expect(fills.get('\uE000surname-description\uE000')).toBe(answer.view.description);
  });
});
