/** A value an island loads from the API: idle, loading or failed (keeping the last value, if any), or loaded. */
export type Loadable<T> = { status: 'idle' | 'loading' | 'error'; value: T | null } | { status: 'loaded'; value: T };
