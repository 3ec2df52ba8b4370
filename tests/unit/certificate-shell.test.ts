import { describe, expect, it } from 'vitest';
import { certificateShell } from '../../src/server/pages/certificate-shell.ts';
import { certificateIdOf } from '../../src/stores/certificates/certificate.ts';

describe('certificate addresses', () => {
  it('are answered by the verification page of their locale', () => {
    expect(certificateShell('/certificates/3g01DdX5xhrUxd7uewMUeg')).toBe('/certificate/');
    expect(certificateShell('/ar/certificates/-ou4CO1rmiQVBc-4l1evaA?x=1')).toBe('/ar/certificate/');
    expect(certificateShell('/zh-CN/certificates/abc/')).toBe('/zh-CN/certificate/');
  });

  it('leave every other address alone', () => {
    for (const url of ['/certificates', '/certificates/', '/certificates/a/b', '/xx/certificates/abc', '/certificates/a%2Fb', '/api/certificates/abc'])
      expect(certificateShell(url), url).toBeNull();
  });

  it('give the page the id it shows', () => {
    expect(certificateIdOf('/ar/certificates/-ou4CO1rmiQVBc-4l1evaA')).toBe('-ou4CO1rmiQVBc-4l1evaA');
    expect(certificateIdOf('/certificate')).toBeNull();
  });
});
