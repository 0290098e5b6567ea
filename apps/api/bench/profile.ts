// Reads a V8 .cpuprofile (node --cpu-prof) and says where the time went: by package,
// by function (self time) and by function including what it calls.
import { readFileSync } from 'node:fs';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const IDLE = new Set(['(idle)', '(root)']);

/** The npm package a script belongs to, 'node' for Node's own, 'shop' for ours. */
function owner(frame: CallFrame): string {
  const { url, functionName } = frame;
  if (!url) return functionName.startsWith('(') ? functionName : 'native';
  if (url.startsWith('node:')) return 'node';
  const at = url.lastIndexOf('/node_modules/');
  if (at >= 0) {
    const parts = url.slice(at + '/node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  return 'shop';
}

function label(frame: CallFrame): string {
  const file = frame.url.replace(/^.*\/node_modules\//, '').replace(/^file:\/\/.*\/apps\//, 'apps/');
  return `${frame.functionName || '(anonymous)'} ${file ? `${file}:${frame.lineNumber + 1}` : ''}`.trim();
}

export function summariseProfile(file: string, top = 20): string {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

  const self = new Map<number, number>();
  for (const [i, id] of profile.samples.entries()) {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }

  let busy = 0;
  const byOwner = new Map<string, number>();
  const selfByFn = new Map<string, number>();
  const totalByFn = new Map<string, number>();
  for (const [id, us] of self) {
    const node = byId.get(id)!;
    if (IDLE.has(node.callFrame.functionName)) continue;
    busy += us;
    const who = owner(node.callFrame);
    byOwner.set(who, (byOwner.get(who) ?? 0) + us);
    const name = `[${who}] ${label(node.callFrame)}`;
    selfByFn.set(name, (selfByFn.get(name) ?? 0) + us);
    // Inclusive: every distinct function on the stack gets the sample once.
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)!.callFrame;
      if (IDLE.has(frame.functionName)) continue;
      const key = `[${owner(frame)}] ${label(frame)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      totalByFn.set(key, (totalByFn.get(key) ?? 0) + us);
    }
  }

  const pct = (us: number) => `${((100 * us) / Math.max(busy, 1)).toFixed(1).padStart(5)}%`;
  const list = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, us]) => `  ${pct(us)}  ${k}`)
      .join('\n');
  return [
    `Busy (not idle) time: ${(busy / 1e6).toFixed(1)} s`,
    '',
    'Self time by package:',
    list(byOwner, 12),
    '',
    `Self time, top ${top} functions:`,
    list(selfByFn, top),
    '',
    `Inclusive time, top ${top + 10} functions:`,
    list(totalByFn, top + 10),
  ].join('\n');
}

// `tsx bench/profile.ts <file.cpuprofile>` summarises a kept profile again.
if (process.argv[1]?.endsWith('profile.ts') && process.argv[2]) {
  console.log(summariseProfile(process.argv[2]));
}
