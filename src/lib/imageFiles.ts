// The one answer to "is this an image": the attach rule, the attachment thumbnails and the invoice
// capture used to answer it three ways (one took .bmp by name, the others did not).

export type NamedFile = { name: string; type?: string | null | undefined };

const imageNames = /\.(jpe?g|png|gif|webp|heic|heif|bmp)$/i;

/**
 * An image by its type, or by its name when the type does not say (phones give HEIC photos, and files
 * from other apps, an empty or generic type).
 */
export function isImageFile(file: NamedFile): boolean {
  return (file.type ?? '').toLowerCase().startsWith('image/') || imageNames.test(file.name);
}

/** A JPEG by its type or its name: the places that accept JPEG only. */
export function isJpegFile(file: NamedFile): boolean {
  return (file.type ?? '').toLowerCase() === 'image/jpeg' || /\.jpe?g$/i.test(file.name);
}
