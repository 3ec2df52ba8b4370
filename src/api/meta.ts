import { createRoute, z } from '@hono/zod-openapi';
import { json } from './shared.ts';

/** The contract of the site's own facts: its public configuration and the simulator's version. */

const UnityVersion = z.object({ production: z.string() });

const PublicConfig = z.object({
  firebase: z.object({ apiKey: z.string(), authDomain: z.string(), projectId: z.string() }),
  authEmulatorUrl: z.string().nullable(),
  /** The PayPal JS SDK to load: PayPal's own (sdkBaseUrl null) or the local stand-in, whose payments are test payments. */
  paypal: z.object({
    clientId: z.string(),
    sdkBaseUrl: z.string().nullable(),
    environment: z.enum(['sandbox', 'production']),
    testPayments: z.boolean(),
  }),
  /** Where the home contact form and the support form post, and the support form's access key. */
  forms: z.object({ contactUrl: z.string(), supportUrl: z.string(), accessKey: z.string() }),
  promoVideoUrl: z.string(),
  chatNumber: z.string(),
});

export type PublicConfig = z.infer<typeof PublicConfig>;

export const unityVersion = createRoute({ method: 'get', path: '/unityversion', responses: { 200: json(UnityVersion) } });

export const config = createRoute({ method: 'get', path: '/config', responses: { 200: json(PublicConfig) } });
