import { createStore } from '../../lib/store.ts';

/**
 * Client-side state (docs/product.md#dialogs-and-messages): the message dialog, the snackbar and the main alert. Texts are already
 * translated by whoever opens them; the components only render.
 */
export type MessageType = 'info' | 'success' | 'error';

export interface MessageDialogState {
  visible: boolean;
  type: MessageType;
  title: string;
  message: string;
  closeButtonLabel?: string;
}

export interface SnackbarState {
  /** Changes with every message so the same text shown twice restarts the timer. */
  id: number;
  text: string;
  timeout: number;
}

export interface MainAlertState {
  type: 'info' | 'success' | 'warning' | 'error';
  message: string;
  dismissible: boolean;
}

export const SNACKBAR_TIMEOUT_MS = 5000;

export const messageDialogStore = createStore<MessageDialogState>({
  visible: false,
  type: 'info',
  title: '',
  message: '',
});
export const snackbarStore = createStore<SnackbarState | null>(null);
export const mainAlertStore = createStore<MainAlertState | null>(null);

let snackbarSeq = 0;

export const feedback = {
  message(type: MessageType, title: string, message: string, closeButtonLabel?: string) {
    messageDialogStore.set({ visible: true, type, title, message, closeButtonLabel });
  },
  closeMessage() {
    messageDialogStore.set((prev) => ({ ...prev, visible: false }));
  },
  snackbar(text: string, timeout = SNACKBAR_TIMEOUT_MS) {
    snackbarSeq += 1;
    snackbarStore.set({ id: snackbarSeq, text, timeout });
  },
  closeSnackbar() {
    snackbarStore.set(null);
  },
  alert(type: MainAlertState['type'], message: string, dismissible = true) {
    mainAlertStore.set({ type, message, dismissible });
  },
  clearAlert() {
    mainAlertStore.set(null);
  },
};
