/** The id a partner puts in place of in the embed code: the id of one of their video files. */
export const FILE_ID_PLACEHOLDER = 'FILE_ID';

/** The <iframe> snippet that embeds the player of a file on the project whose public site is `host`. */
export function embedCode(host: string, fileId = FILE_ID_PLACEHOLDER): string {
  const src = new URL(`/embed/${fileId}`, host).toString();
  return `<iframe src="${src}" width="640" height="360" frameborder="0" allow="autoplay; fullscreen" allowfullscreen></iframe>`;
}
