import { useMergeRefs as floatingUiMergeRefs } from '@floating-ui/react';
import { act, render } from '@testing-library/react';
import { createRef, useState, type Ref } from 'react';
import { describe, expect, it } from 'vitest';
import { useMergeRefs } from './scroll-area-merge-refs';

type MergeRefs = typeof floatingUiMergeRefs;

/**
 * What happens to an object ref, a callback ref and a callback ref with a cleanup (React 19) as an
 * element mounts, as its refs change, and as it unmounts, with one `useMergeRefs` or the other.
 */
function run(mergeRefs: MergeRefs): string[] {
  const log: string[] = [];
  const objectRef = createRef<HTMLDivElement>();
  const callbackRef = (node: HTMLDivElement | null) => {
    log.push(`callback ${node ? node.id : 'null'}`);
  };
  const withCleanup = (label: string) => (node: HTMLDivElement | null) => {
    log.push(`${label} ${node ? node.id : 'null'}`);
    return () => {
      log.push(`${label} cleanup`);
    };
  };
  const first = withCleanup('first');
  const second = withCleanup('second');
  let setRefs: (refs: Array<Ref<HTMLDivElement> | undefined>) => void = () => {};
  function Probe() {
    const [refs, set] = useState<Array<Ref<HTMLDivElement> | undefined>>([objectRef, callbackRef, first]);
    setRefs = set;
    const merged = mergeRefs(refs);
    log.push(`merged ${merged === null ? 'null' : 'function'}`);
    return <div id="probe" ref={merged} />;
  }
  const { unmount } = render(<Probe />);
  log.push(`object ${objectRef.current?.id ?? 'null'}`);
  act(() => setRefs([objectRef, undefined, second]));
  log.push(`object ${objectRef.current?.id ?? 'null'}`);
  act(() => setRefs([undefined, null, undefined]));
  log.push(`object ${objectRef.current?.id ?? 'null'}`);
  unmount();
  return log;
}

describe("ScrollArea's useMergeRefs", () => {
  it("does what floating-ui's own does, step by step", () => {
    const ours = run(useMergeRefs);
    expect(ours).toEqual(run(floatingUiMergeRefs));
    expect(ours).toEqual([
      'merged function',
      'callback probe',
      'first probe',
      'object probe',
      'merged function',
      'callback null',
      'first cleanup',
      'second probe',
      'object probe',
      'merged null',
      'second cleanup',
      'object null',
    ]);
  });
});
