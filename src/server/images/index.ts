/** What the images area offers the rest of the server: encoding and storing a picture (the seed's too). */
export { encodeImage, type EncodedImage } from './image-store.ts';
export { storeImage } from './queries.ts';
