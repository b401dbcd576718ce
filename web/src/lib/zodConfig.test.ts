import './zodConfig';
import { ZUsZip } from '@tidyhouse/contract';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

describe('Zod configuration set before Zod loads', () => {
  it('is the configuration Zod uses: validators are never compiled with new Function', () => {
    expect(z.config().jitless).toBe(true);
    const compile = vi.spyOn(globalThis, 'Function');
    expect(ZUsZip.safeParse('94010').success).toBe(true);
    expect(z.object({ zip: ZUsZip }).safeParse({ zip: '94010' }).success).toBe(true);
    expect(compile).not.toHaveBeenCalled();
  });
});
