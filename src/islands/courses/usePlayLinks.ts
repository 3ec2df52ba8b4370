import { useEffect, useEffectEvent } from 'react';
import { closeLaunch, play, previewPlay, type PlayContext } from '../../stores/launch/launch.ts';

/**
 * The course page's play links (a[data-play], which lead to login without JavaScript): a click, a click held by the page
 * before the island ran, and a #play-{module}-{case} link from My learning open that case's choice; back from the
 * simulator, the choice is closed.
 */
export function usePlayLinks(ctx: PlayContext, preview: { withPlan: boolean } | null): void {
  const playCase = useEffectEvent((level: number, caseIndex: number) =>
    preview ? previewPlay(preview.withPlan, level, caseIndex) : void play(ctx, level, caseIndex),
  );
  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      const link = (e.target as Element | null)?.closest<HTMLElement>('a[data-play]');
      if (!link || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey) return;
      e.preventDefault();
      playCase(Number(link.dataset.level), Number(link.dataset.case));
    };
    document.addEventListener('click', onClick);
    // A play link clicked before this island ran was held by the page (EARLY_PLAY in the course page): played now.
    const root = document.documentElement;
    root.setAttribute('data-play-live', '');
    const held = /^(\d+)-(\d+)$/.exec(root.dataset.earlyPlay ?? '');
    delete root.dataset.earlyPlay;
    if (held) playCase(Number(held[1]), Number(held[2]));
    return () => {
      document.removeEventListener('click', onClick);
      root.removeAttribute('data-play-live');
    };
  }, []);
  // Back from the simulator to a page kept in the browser's memory: the open-case choice it was left with is closed.
  useEffect(() => {
    const back = (e: PageTransitionEvent) => e.persisted && closeLaunch();
    window.addEventListener('pageshow', back);
    return () => window.removeEventListener('pageshow', back);
  }, []);
  // Continue on My learning links to #play-{module}-{case}: that case's open-case choice, once.
  useEffect(() => {
    const asked = /^#play-(\d+)-(\d+)$/.exec(window.location.hash);
    if (!asked) return;
    window.history.replaceState(null, '', window.location.pathname + window.location.search);
    playCase(Number(asked[1]), Number(asked[2]));
  }, []);
}
