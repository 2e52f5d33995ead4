/**
 * The rule for player-chosen text: what it refuses (each with a sentence naming the character),
 * how it normalises what it keeps, and that the length counts after normalising.
 */
import { describe, expect, it } from 'vitest';
import { checkPlayerText, MAX_STACKED_MARKS, NAME_RULE, playerText } from '../../functions/core/protocol/text';

const check = (s: string) => checkPlayerText(s, NAME_RULE);
const refusal = (s: string) => {
  const r = check(s);
  if (r.ok) throw new Error(`${JSON.stringify(s)} was accepted as ${JSON.stringify(r.text)}`);
  return r.message;
};
const kept = (s: string) => {
  const r = check(s);
  if (!r.ok) throw new Error(`${JSON.stringify(s)} was refused: ${r.message}`);
  return r.text;
};

describe('refused characters', () => {
  it.each([
    ['Ana\u0000', /control characters \(found U\+0000\)/],
    ['Ana\u001b[31m', /control characters \(found U\+001B\)/],
    ['Ana\u007f', /control characters \(found U\+007F\)/],
    ['Ana\u0085Maria', /one line.*\(found U\+0085\)/],
    ['Ana\nMaria', /one line, without line breaks or tabs \(found U\+000A\)/],
    ['Ana\r\nMaria', /one line.*\(found U\+000D\)/],
    ['Ana\tMaria', /one line.*\(found U\+0009\)/],
    ['Ana\u2028Maria', /one line.*\(found U\+2028\)/],
    ['Ana\u2029Maria', /one line.*\(found U\+2029\)/],
    ['\u202eanA', /invisible formatting characters.*\(found U\+202E\)/],
    ['Ana\u202a', /\(found U\+202A\)/],
    ['Ana\u2066x\u2069', /\(found U\+2066\)/],
    ['Ana\u2068', /\(found U\+2068\)/],
    ['A\u200bna', /invisible formatting.*\(found U\+200B\)/],
    ['\ufeffAna', /\(found U\+FEFF\)/],
    ['An\ufeffa', /\(found U\+FEFF\)/],
    ['Ana\u200e', /\(found U\+200E\)/],
    ['Ana\u00ad', /\(found U\+00AD\)/],
    ['Ana\u2060', /\(found U\+2060\)/],
    ['Ana\u180e', /\(found U\+180E\)/],
    ['Ana\u{e0041}', /\(found U\+E0041\)/], // a tag character outside a flag
    ['\u200dAna', /\(found U\+200D\)/], // a joiner with nothing to join
    ['Ana \u200cMaria', /\(found U\+200C\)/],
    ['\u3164', /draw nothing \(found U\+3164\)/],
    ['Ana\u3164', /draw nothing \(found U\+3164\)/], // would look exactly like "Ana"
    ['\u115f\u1160', /draw nothing \(found U\+115F\)/],
    ['\uffa0', /draw nothing \(found U\+FFA0\)/],
    ['\u2800', /draw nothing \(found U\+2800\)/],
    ['\u2800\u2800Ana', /draw nothing \(found U\+2800\)/],
    ['Ana\u17b4', /draw nothing \(found U\+17B4\)/],
    ['Ana\ue000', /private-use characters.*\(found U\+E000\)/],
    ['Ana\u{f0000}', /private-use.*\(found U\+F0000\)/],
    ['Ana\ufffe', /noncharacters \(found U\+FFFE\)/],
    ['Ana\ufdd0', /noncharacters \(found U\+FDD0\)/],
    ['Ana\u{1ffff}', /noncharacters \(found U\+1FFFF\)/],
    ['Ana\ud800', /valid Unicode text \(found the unpaired surrogate U\+D800\)/],
    ['\udc00Ana', /unpaired surrogate U\+DC00/],
  ])('%j: %s', (input, reason) => {
    const message = refusal(input);
    expect(message).toMatch(reason);
    expect(message).toMatch(/^Names .*\.$/); // one sentence a person can act on
  });
});

describe('invisible names', () => {
  it.each(['', ' ', '     ', '\t\n ', '\u00a0\u3000', '\u0301', '\u0301\u0308\u0327', '\ufe0f', '\u034f'])(
    '%j needs a visible character',
    (input) => {
      expect(refusal(input)).toBe('Names need at least one visible character: a letter, digit, punctuation mark or emoji.');
    },
  );

  it('refuses a combining mark at the start, where it would sit on whatever is printed before the name', () => {
    expect(refusal('\u0301Ana')).toBe('Names may not start with a combining mark (found U+0301); put it after the letter it belongs to.');
  });
});

describe('kept and normalised', () => {
  it.each([
    ['Ana', 'Ana'],
    ['  Ana  ', 'Ana'],
    ['\tAna\r\n', 'Ana'], // a pasted line's surroundings are whitespace, trimmed
    ['Ana  Maria', 'Ana Maria'],
    ['Ana \u00a0\u3000 Maria', 'Ana Maria'], // every kind of space, one ordinary space
    ['Ana\u2003da\u00a0Silva', 'Ana da Silva'],
    ['Jos\u0065\u0301', 'Jos\u00e9'], // NFD to NFC
    ['Zoe\u0308 Nguye\u0302\u0303n', 'Zo\u00eb Nguy\u1ec5n'], // two marks on one letter compose too
    ['王小明', '王小明'],
    ['김민준', '김민준'],
    ['たなか', 'たなか'],
    ['Алёна', 'Алёна'],
    ['محمد', 'محمد'],
    ['דוד', 'דוד'],
    ['देवनागरी', 'देवनागरी'],
    ['🐙 Ana', '🐙 Ana'],
    ['🐙', '🐙'],
    ['❤️', '❤️'], // U+2764 with the emoji variation selector
    ['👍🏽', '👍🏽'], // skin tone modifier
    ['👩‍👩‍👧', '👩‍👩‍👧'], // ZWJ sequence
    ['🏳️‍🌈 Ana', '🏳️‍🌈 Ana'], // ZWJ after a variation selector
    ['🏴\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f}', '🏴\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f}'], // Scotland: a tag sequence
    ['می\u200cخواهم', 'می\u200cخواهم'], // Persian needs the zero-width non-joiner
    ['क्\u200dष', 'क्\u200dष'], // a joiner after a virama
    ['O\u2019Brien-Smith', 'O\u2019Brien-Smith'],
    ['@everyone', '@everyone'], // mentions are the webhook's job to defuse
  ])('%j is kept as %j', (input, output) => {
    expect(kept(input)).toBe(output);
    expect(kept(output)).toBe(output); // normalising twice changes nothing
  });
});

describe('combining marks on one character', () => {
  it('refuses more than 3 nonspacing marks on one letter ("Zalgo"), counted after NFC, saying how many on which', () => {
    expect(MAX_STACKED_MARKS).toBe(3);
    // 31 acute accents on an "a": NFC makes the first one "á"; 30 are left on it.
    expect(refusal(`a${'\u0301'.repeat(31)}`)).toBe(
      'Names may have at most 3 combining marks (accents and the like) on one character (found 30 on U+00E1).',
    );
    expect(refusal('Zx\u0336\u0321\u0352\u0353')).toBe(
      'Names may have at most 3 combining marks (accents and the like) on one character (found 4 on U+0078).',
    );
    expect(refusal('a\u20dd\u20dd\u20dd\u20dd')).toMatch(/found 4 on U\+0061/); // enclosing marks count too
    expect(refusal('Ana \u0301\u0301\u0301\u0301')).toMatch(/found 4 on U\+0020/); // on a space as on a letter
    expect(kept('x\u0336\u0321\u0352')).toBe('x\u0336\u0321\u0352'); // three are allowed
    expect(kept('Zalgo\u0336\u0321\u0352 o\u0336\u0321\u0352')).toBe('Zalgo\u0336\u0321\u0352 o\u0336\u0321\u0352'); // on each letter
  });

  it.each([
    ['Nguyễn Thị Ánh', 'Vietnamese: precomposed after NFC'],
    ['שִּׁמְשׁוֹן', 'Hebrew with points: shin dot, dagesh and a vowel on one letter'],
    ['ཧཱུྃ', 'Tibetan: three vowel signs and a mark on one letter'],
    ['ภูมิพล', 'Thai: a vowel and a tone mark'],
    ['လျှော့', 'Myanmar: spacing vowel signs take room of their own and are not counted'],
    ['ज़ीं', 'Devanagari: nukta, vowel sign, anusvara'],
    ['بِّ', 'Arabic: shadda and kasra'],
    ['1️⃣ #️⃣', 'keycaps: a variation selector and an enclosing keycap'],
  ])('keeps %j (%s)', (name) => {
    expect(kept(name)).toBe(name.normalize('NFC'));
  });

  it('is the same rule for chat messages', () => {
    const chat = playerText({ label: 'Chat messages', max: 500 });
    expect(chat.safeParse(`hi${'\u0300\u0301\u0302\u0303'.repeat(2)}`).error!.issues[0]!.message).toBe(
      'Chat messages may have at most 3 combining marks (accents and the like) on one character (found 7 on U+00EC).',
    );
    expect(chat.parse('hì\u0301\u0302\u0303')).toBe('hì\u0301\u0302\u0303');
  });
});

describe('length', () => {
  it('allows 32 code points and refuses 33, saying how many there are', () => {
    expect(kept('x'.repeat(32))).toHaveLength(32);
    expect(refusal('x'.repeat(33))).toBe('Names may be at most 32 characters long (this one has 33).');
  });

  it('counts after NFC: 32 letters typed decomposed (64 code points) fit', () => {
    const nfd = 'e\u0301'.repeat(32);
    expect([...nfd]).toHaveLength(64);
    expect(kept(nfd)).toBe('\u00e9'.repeat(32));
    expect(refusal('e\u0301'.repeat(33))).toMatch(/at most 32 characters long \(this one has 33\)/);
  });

  it('counts after trimming and collapsing spaces', () => {
    expect(kept(`  ${'a'.repeat(16)}     ${'b'.repeat(15)}  `)).toHaveLength(32);
  });

  it('counts code points, so an emoji made of several says so', () => {
    expect(kept('🐙'.repeat(32))).toBe('🐙'.repeat(32)); // 64 UTF-16 units, 32 code points
    expect(refusal('👩‍👩‍👧'.repeat(7))).toBe('Names may be at most 32 characters long (this one has 35; some emoji count as several).');
  });

  it('refuses a huge text before normalising it', () => {
    expect(refusal('a'.repeat(100_000))).toBe('Names may be at most 32 characters long (this one has 100000).');
  });
});

describe('playerText (zod)', () => {
  const schema = playerText({ label: 'Chat messages', max: 5 });
  it('parses to the normalised text, or fails with the sentence as its one issue', () => {
    expect(schema.parse(' e\u0301  a ')).toBe('\u00e9 a');
    const bad = schema.safeParse('a\u202eb');
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.message)).toEqual([
      'Chat messages may not contain invisible formatting characters such as direction overrides or zero-width spaces (found U+202E).',
    ]);
    expect(schema.safeParse('abcdef').error!.issues[0]!.message).toBe('Chat messages may be at most 5 characters long (this one has 6).');
    expect(schema.safeParse(42).error!.issues[0]!.message).toBe('Chat messages must be text.');
  });
});
