import { eq } from 'drizzle-orm';
import type { Caller } from '../access/token.ts';
import { recordAudit } from '../audit/index.ts';
import type { Db } from '../db/client.ts';
import { images } from '../db/schema.ts';
import type { UploadedImage } from '../../api/images.ts';
import { IMAGE_NAME, type EncodedImage } from './image-store.ts';

/** Stores an encoded picture with its audit entry (the size uploaded), in one transaction. */
export function storeAudited(db: Db, caller: Caller, encoded: EncodedImage, uploadedBytes: number) {
  return db.transaction(async (tx) => {
    const image = await storeImage(tx, encoded);
    await recordAudit(tx, caller, 'image', image.url, 'create', null, { ...image, bytes: uploadedBytes });
    return image;
  });
}

/** The stored picture of this name, or null (a name that is not one of ours reads nothing). */
export async function imageNamed(db: Db, name: string) {
  const [row] = IMAGE_NAME.test(name) ? await db.select().from(images).where(eq(images.id, name)) : [];
  return row ?? null;
}

/** Stores an encoded picture; the same upload again stores nothing new. */
export async function storeImage(db: Pick<Db, 'insert'>, encoded: EncodedImage): Promise<UploadedImage> {
  await db.insert(images).values(encoded.rows).onConflictDoNothing();
  return encoded.image;
}
