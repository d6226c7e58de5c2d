/** Image types the server accepts for learner photos (files.service UPLOAD_RULES.photo). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** Longest side of an uploaded photo, in pixels (ID cards print it at about 23 × 28 mm). */
export const PHOTO_MAX_SIDE = 800;

/**
 * A learner photo ready to upload: scaled to at most 800 px on its longest side and re-encoded as JPEG
 * (quality 0.88) in the browser, so WebP and large phone photos become small JPEGs that ID cards can
 * print. Anything the browser cannot decode (or a browser without canvas) goes up as picked, and the
 * server's checks (type from the bytes, 2 MB) decide.
 */
export async function preparePhoto(file: File): Promise<File> {
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return file;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, PHOTO_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const w = Math.max(1, Math.round(bitmap.width * scale));
    const h = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = document.createElement('canvas');
    canvas.width = w;
    canvas.height = h;
    const ctx = canvas.getContext('2d');
    if (!ctx) return file;
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, w, h);
    ctx.drawImage(bitmap, 0, 0, w, h);
    bitmap.close?.();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.88));
    if (!blob) return file;
    const base = file.name.replace(/\.[^.]+$/, '') || 'photo';
    return new File([blob], `${base}.jpg`, { type: 'image/jpeg' });
  } catch {
    return file;
  }
}
