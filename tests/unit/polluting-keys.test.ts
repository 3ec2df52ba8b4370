import { describe, expect, it } from 'vitest';
import { pollutingKeys } from '../../src/server/http/polluting-keys.ts';

describe('polluting keys in a parsed body', () => {
  it('names each at its dotted path, in the order the body has them, at any depth and inside arrays', () => {
    const body = JSON.parse('{"title":"x","__proto__":{"isAdmin":true},"levels":[{"cases":[{"prototype":1}]}],"translations":{"es":{},"constructor":{}}}');
    expect(pollutingKeys(body).map((issue) => issue.path)).toEqual(['__proto__', 'levels.0.cases.0.prototype', 'translations.constructor']);
  });

  it('finds none in a body without them, keys that merely contain the words included', () => {
    expect(pollutingKeys(JSON.parse('{"protocol":1,"constructors":[{"__proto":2}],"text":"__proto__"}'))).toEqual([]);
  });

  it('walks a body nested far deeper than the call stack goes', () => {
    const depth = 200_000;
    const body = JSON.parse('{"a":'.repeat(depth) + '{"constructor":1}' + '}'.repeat(depth));
    const [issue] = pollutingKeys(body);
    expect(issue?.path).toBe(`${'a.'.repeat(depth)}constructor`);
  });
});
