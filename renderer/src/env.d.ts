/// <reference types="vite/client" />
import type { Desk } from '../../contract/bridge';

declare global {
  interface Window {
    /** The bridge to main, installed by the Electron or web preload. Only src/shared/desk.ts touches it. */
    readonly desk?: Desk;
  }
}

declare module '*.vue' {
  import type { DefineComponent } from 'vue';
  const component: DefineComponent<object, object, unknown>;
  export default component;
}

export {};
