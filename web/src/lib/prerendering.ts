import { createContext, useContext } from 'react';

/**
 * True while a page is drawn at build time (decisions 0212, 0228). The drawing knows no viewport, so the frame's
 * parts that pick their shape by the screen's width in script (the sidebar, the user bar) draw every shape and let
 * CSS show the one that fits; in a browser they pick as before.
 */
export const PrerenderingContext = createContext(false);

export const usePrerendering = () => useContext(PrerenderingContext);
