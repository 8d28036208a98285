// `pnpm --filter @lead-desk/bench profile <file.cpuprofile> [top]`: the flame graph of a
// `node --cpu-prof` profile in text: self time by function and by package, and the
// inclusive time of the heaviest call paths' frames, so a profile can be read and
// quoted in BENCHMARKS.md without a browser.
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function packageOf(url: string): string {
  if (!url) return '(native)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const [scope, name] = url.slice(modules + 'node_modules/'.length).split('/');
    return scope.startsWith('@') ? `${scope}/${name}` : scope;
  }
  if (url.startsWith('node:')) return 'node core';
  return url.includes('/apps/api/') ? 'apps/api' : url;
}

function main(): void {
  const [file, topArg] = process.argv.slice(2);
  if (!file) throw new Error('Usage: pnpm --filter @lead-desk/bench profile <file.cpuprofile> [top]');
  const top = Number(topArg ?? 25);
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0);

  const selfByFunction = new Map<string, number>();
  const selfByPackage = new Map<string, number>();
  const inclusiveByFunction = new Map<string, number>();
  for (const [id, time] of self) {
    const { callFrame } = byId.get(id)!;
    const name = `${callFrame.functionName || '(anonymous)'} ${callFrame.url.replace(/^.*node_modules\//, '')}:${callFrame.lineNumber + 1}`;
    selfByFunction.set(name, (selfByFunction.get(name) ?? 0) + time);
    selfByPackage.set(packageOf(callFrame.url), (selfByPackage.get(packageOf(callFrame.url)) ?? 0) + time);
    // Inclusive: every distinct frame on the stack gets the sample once.
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)!.callFrame;
      const key = `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*node_modules\//, '')}:${frame.lineNumber + 1}`;
      if (seen.has(key)) continue;
      seen.add(key);
      inclusiveByFunction.set(key, (inclusiveByFunction.get(key) ?? 0) + time);
    }
  }
  const print = (title: string, table: Map<string, number>) => {
    console.log(`\n${title}`);
    for (const [name, time] of [...table].sort((a, b) => b[1] - a[1]).slice(0, top)) {
      console.log(`${((time / total) * 100).toFixed(1).padStart(5)}%  ${(time / 1000).toFixed(0).padStart(7)} ms  ${name}`);
    }
  };
  console.log(`${(total / 1e6).toFixed(1)} s sampled`);
  print('Self time by package', selfByPackage);
  print('Self time by function', selfByFunction);
  print('Inclusive time by function', inclusiveByFunction);
}

main();
