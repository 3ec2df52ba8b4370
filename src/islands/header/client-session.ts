import type { ClientDirective } from 'astro';
import { maybeSignedIn } from '../../stores/stored-session.ts';

/**
 * `client:session`, for islands that show something only to someone signed in (the header's session menu, a course's
 * sittings and assessment windows): hydrates the island only where someone may be signed in. The session menu's
 * server HTML is the signed-out menu held busy and unseen; on a device whose Firebase stores hold no user that HTML is
 * shown as it is, final, and neither React nor Firebase loads for it. Otherwise the island hydrates once the page is
 * idle and shows the session.
 */
const clientSession: ClientDirective = (load, _options, island) => {
  const settle = () => island.querySelector('.session-menu[aria-busy]')?.removeAttribute('aria-busy');
  void maybeSignedIn()
    .then(async (maybe) => {
      if (!maybe) return settle();
      // As client:idle would: the page's own islands come first.
      await new Promise((idle) => ('requestIdleCallback' in window ? requestIdleCallback(idle) : setTimeout(idle, 200)));
      const hydrate = await load();
      await hydrate();
    })
    // The island's script could not be loaded: the page keeps its way to sign in.
    .catch(settle);
};

export default clientSession;
