import type { UploadedPicture } from '@shop/contract';
import { ADMIN_ROUTES } from '@shop/contract';
import type { Args } from './api.server';
import { apiErrorText } from './form.server';
import { call } from './call.server';

/** The files a form's `<input type="file" name=…>` sent (a browser sends one empty part when none was chosen). */
export function chosenFiles(form: FormData, name: string): File[] {
  return form.getAll(name).filter((f): f is File => typeof f !== 'string' && f.size > 0);
}

/**
 * Uploads each file (POST /admin/pictures, one call a file). Every file is
 * tried, so the owner reads at once what is wrong with each: a file name and
 * its reason ('larger than 15 MB', 'not a picture').
 */
export async function uploadFiles(
  args: Args,
  files: File[],
): Promise<{ uploaded: UploadedPicture[]; errors: string[] }> {
  const uploaded: UploadedPicture[] = [];
  const errors: string[] = [];
  for (const file of files) {
    const res = await call(args, ADMIN_ROUTES['admin.pictures.upload'], { query: { alt: '' } }, { file: file });
    if (res.ok) uploaded.push(res.data);
    else if (res.status === 413) errors.push(`${file.name}: the picture is larger than 15 MB`);
    else errors.push(`${file.name}: ${apiErrorText(res)}`);
  }
  return { uploaded, errors };
}
