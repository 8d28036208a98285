import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import {
  bindMigrationAwareSqlAdapterFactory,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
} from '@prisma/driver-adapter-utils';
import * as wasmBindings from '@prisma/schema-engine-wasm/schema_engine_bg';
import type { SchemaEngine } from '@prisma/schema-engine-wasm';

export type { SchemaEngine };

export interface SchemaFile {
  path: string;
  content: string;
}

type WasmExports = WebAssembly.Exports & { __wbindgen_start(): void };
type PanicRegistry = { set_message(message: string): void; get(): string | undefined };

let bindingsReady: Promise<void> | undefined;

/**
 * Prisma's schema engine (migrations, diffs) compiled to wasm. The CLI would download
 * a native binary instead, which locked-down machines cannot reach.
 */
function loadBindings(): Promise<void> {
  bindingsReady ??= (async () => {
    const globals = globalThis as { PRISMA_WASM_PANIC_REGISTRY?: PanicRegistry };
    let lastPanic: string | undefined;
    globals.PRISMA_WASM_PANIC_REGISTRY ??= {
      set_message: (message) => (lastPanic = message),
      get: () => lastPanic,
    };
    const bindingsFile = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg');
    const bytes = await readFile(join(dirname(bindingsFile), 'schema_engine_bg.wasm'));
    const { instance } = await WebAssembly.instantiate(bytes, {
      './schema_engine_bg.js': withUnrefTimers(wasmBindings),
    });
    wasmBindings.__wbg_set_wasm(instance.exports);
    (instance.exports as WasmExports).__wbindgen_start();
  })();
  return bindingsReady;
}

/** The engine arms long timers of its own; they must not keep the process alive. */
function withUnrefTimers(bindings: typeof wasmBindings): WebAssembly.ModuleImports {
  const imports: WebAssembly.ModuleImports = { ...(bindings as unknown as WebAssembly.ModuleImports) };
  for (const name of Object.keys(imports)) {
    if (name.startsWith('__wbg_setTimeout_')) {
      imports[name] = (callback: () => void, ms: number) => setTimeout(callback, ms >>> 0).unref();
    }
  }
  return imports;
}

/**
 * Runs `work` with a schema engine connected through `adapterFactory`, then frees the
 * engine and every connection it opened (the engine never disposes them itself).
 */
export async function withSchemaEngine<T>(
  adapterFactory: SqlMigrationAwareDriverAdapterFactory,
  schemaFiles: SchemaFile[],
  work: (engine: SchemaEngine) => Promise<T>,
  log: (message: string) => void = () => undefined,
): Promise<T> {
  await loadBindings();
  const opened: SqlDriverAdapter[] = [];
  const tracked = {
    provider: adapterFactory.provider,
    adapterName: adapterFactory.adapterName,
    connect: async () => track(await adapterFactory.connect()),
    connectToShadowDb: async () => track(await adapterFactory.connectToShadowDb()),
  };
  function track(adapter: SqlDriverAdapter): SqlDriverAdapter {
    opened.push(adapter);
    return adapter.provider === 'postgres' ? withWholeScripts(adapter) : adapter;
  }
  const engine = await wasmBindings.SchemaEngine.new(
    { datamodels: schemaFiles.map((file) => [file.path, file.content]) },
    log,
    bindMigrationAwareSqlAdapterFactory(tracked),
  );
  try {
    return await work(engine);
  } finally {
    engine.free();
    await Promise.all(opened.map((adapter) => adapter.dispose()));
  }
}

/**
 * adapter-pg runs a migration script by splitting it at every ";", which cuts a
 * function body ($$ ... ; ... $$) apart. This sends the script whole, as one simple
 * query, the way Prisma's native engine does; errors still go through the adapter's
 * own conversion.
 */
function withWholeScripts(adapter: SqlDriverAdapter): SqlDriverAdapter {
  const pg = adapter as SqlDriverAdapter & { underlyingDriver(): { query(text: string): Promise<unknown> }; onError(error: unknown): never };
  pg.executeScript = async (script) => {
    try {
      await pg.underlyingDriver().query(script);
    } catch (error) {
      pg.onError(error);
    }
  };
  return pg;
}

export const NO_SCHEMA_FILTER = { externalTables: [], externalEnums: [] };
