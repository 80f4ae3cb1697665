/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_PROJECT_NAME_FD1?: string;
  readonly VITE_PROJECT_NAME_FD2?: string;
  readonly VITE_PROJECT_URL_FD1?: string;
  readonly VITE_PROJECT_URL_FD2?: string;
  readonly VITE_FILE_MANAGER_URL?: string;
  readonly VITE_API_DOCS_URL?: string;
  readonly VITE_TERMS_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
