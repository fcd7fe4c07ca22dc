import { imageSizeFromFile } from 'image-size/fromFile';

/** Width/height from the image header (reads a few KB, never decodes pixels); null when unknown. */
export async function imageDimensions(filePath: string): Promise<{ width: number | null; height: number | null }> {
  try {
    const size = await imageSizeFromFile(filePath);
    return { width: size.width ?? null, height: size.height ?? null };
  } catch {
    // Nice to have only: a header image-size can't read must not fail the upload.
    return { width: null, height: null };
  }
}
