import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { FakeEventSource } from './FakeEventSource';

// Lazily loaded dialogs are compiled on first use: on a busy 2-core machine that can take a few seconds.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no EventSource; the dashboard's live updates listen through this one.
globalThis.EventSource = FakeEventSource as unknown as typeof EventSource;

afterEach(() => {
  cleanup();
  FakeEventSource.instances = [];
  window.history.replaceState(null, '', '/');
  window.localStorage.clear();
  document.documentElement.removeAttribute('data-theme');
});
