/** Which simulator archive a visitor's platform gets; anything but Windows or macOS gets none. */
export type DownloadPlatform = 'windows' | 'mac' | 'Unknown';

/**
 * `platform` is navigator.userAgentData.platform, or navigator.platform where that is missing. iPadOS Safari reports
 * itself as a Mac; only its touch points tell it apart (Safari's own test: a Mac has none).
 */
export function detectPlatform(platform: string, maxTouchPoints = 0): DownloadPlatform {
  const p = platform.toLowerCase();
  if (p.startsWith('win')) return 'windows';
  if (p.startsWith('mac') && maxTouchPoints <= 1) return 'mac';
  return 'Unknown';
}
