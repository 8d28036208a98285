export { CallbackRequestDialog } from './components/CallbackRequestDialog';
export { readCallbackDraft } from './callbackDraft';
