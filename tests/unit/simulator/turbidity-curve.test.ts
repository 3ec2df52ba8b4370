import { describe, expect, it } from 'vitest';
import { turbidityCurveSvg } from '../../../src/simulator/turbidity-curve.ts';

describe('turbidity curve', () => {
  it('draws nothing for clear fluid, and one point per sample from left to right, high when bloody', () => {
    expect(turbidityCurveSvg([0, 0, 0], 'x')).toBe('');
    const svg = turbidityCurveSvg([0, 1, 0.5], 'Blood <in> "fluid"');
    expect(svg).toContain('points="0,60 150,0 300,30"');
    expect(svg).toContain('aria-label="Blood &lt;in> &quot;fluid&quot;"');
    expect(svg).toContain('dir="ltr"');
  });
});
