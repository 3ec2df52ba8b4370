/** Where the API is mounted; apart from the route definitions so the browser can read it without loading them. */
export const API_BASE = '/api';

/** Where a stored picture is read: its WebP name, or the AVIF twin under the same hash. */
export const imageUrl = (name: string) => `${API_BASE}/images/${name}`;
