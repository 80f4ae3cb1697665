/** The one fontkit call statements make (the package ships no types): a font from its file's bytes. */
declare module 'fontkit' {
  export function create(buffer: Buffer): unknown;
}
