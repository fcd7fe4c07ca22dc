import { describe, expect, it } from 'vitest';
import { tr } from '../../i18n/tr';
import { checkFields } from '../../lib/form-errors';
import { ZDisplayDraft, defaultDraft, toHexColor, type DisplayDraft } from './display-settings-form-model';

/** What the form's check makes of a draft: the request, or each field's Turkish message. */
const check = (d: DisplayDraft) => checkFields(ZDisplayDraft, d);

describe('display settings form', () => {
  it('uses the spec defaults', () => {
    expect(defaultDraft()).toEqual({
      showDirectionBar: true, backgroundColor: 'rgba(0,0,0,0.8)', textColor: 'white', barHeight: '50', fontSize: '24',
    });
    expect(check(defaultDraft())).toEqual({
      data: { showDirectionBar: true, backgroundColor: 'rgba(0,0,0,0.8)', textColor: 'white', barHeight: 50, fontSize: 24 },
    });
  });

  it("reports the server schema's Turkish messages per field", () => {
    const r = check({ ...defaultDraft(), textColor: 'url(x)', barHeight: '5', fontSize: 'abc' });
    expect(r).toEqual({
      errors: {
        textColor: 'Geçersiz renk değeri',
        barHeight: 'Bant yüksekliği en az 20 px olmalıdır',
        fontSize: expect.stringMatching(/^Yazı boyutu/),
      },
    });
  });

  it.each([
    ['barHeight', tr.settings.barHeight],
    ['fontSize', tr.settings.fontSize],
  ] as const)('every %s error names the field as its label does', (field, label) => {
    const term = label.replace(/ \(px\)$/, '');
    for (const bad of ['abc', '2.5', '1', '100000']) {
      const r = check({ ...defaultDraft(), [field]: bad });
      expect('errors' in r && r.errors[field]).toMatch(new RegExp(`^${term} `));
    }
  });

  it('turns CSS colours into #rrggbb for the colour picker', () => {
    expect(toHexColor('rgba(0,0,0,0.8)')).toBe('#000000');
    expect(toHexColor('rgb(255, 128, 0)')).toBe('#ff8000');
    expect(toHexColor('white')).toBe('#ffffff');
    expect(toHexColor('#abc')).toBe('#aabbcc');
    expect(toHexColor('#11223344')).toBe('#112233');
    expect(toHexColor('nonsense')).toBe('#000000');
  });
});
