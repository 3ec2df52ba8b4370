/** Which simulator archive a visitor's platform gets; anything but Windows or macOS gets none. */
export type DownloadPlatform = 'windows' | 'mac' | 'Unknown';

export function detectPlatform(platform: string): DownloadPlatform {
  const p = platform.toLowerCase();
  if (p.startsWith('win')) return 'windows';
  if (p.startsWith('mac')) return 'mac';
  return 'Unknown';
}
