import { describe, expect, it } from 'vitest';
import { browserLaunchLink, desktopLaunchLink, type LaunchParams } from '../../src/domain/launch.ts';

const params: LaunchParams = { userid: 'u 1', course: 'fetoscopy', level: 2, case: 3, lan: 'ar', token: 'a.b.c' };
const query = (link: string) => Object.fromEntries(new URL(link).searchParams);

describe('launch links', () => {
  it('tell the desktop simulator who opens which case, in which language, with which token', () => {
    const link = desktopLaunchLink('fetalsurgerysim', params);
    expect(link.startsWith('fetalsurgerysim://launch?')).toBe(true);
    expect(query(link)).toEqual({ userid: 'u 1', course: 'fetoscopy', level: '2', case: '3', lan: 'ar', token: 'a.b.c' });
  });

  it('open the simulator in Spanish when no language is given', () => {
    expect(query(desktopLaunchLink('fetalsurgerysim', { ...params, lan: '' })).lan).toBe('es');
  });

  it("add the same query to the browser simulator's address, after a query it already has", () => {
    expect(browserLaunchLink('https://sim.example/play', params)).toBe(`https://sim.example/play?${new URL(desktopLaunchLink('x', params)).search.slice(1)}`);
    const link = browserLaunchLink('https://sim.example/play?build=7', params);
    expect(link.split('?')).toHaveLength(2);
    expect(query(link)).toMatchObject({ build: '7', case: '3', level: '2' });
  });
});
