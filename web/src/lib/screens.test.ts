import { findScreen } from '@tidyhouse/contract';
import { describe, expect, it } from 'vitest';
import { canonicalScreen } from './screens';

const screenAt = (url: string) => findScreen(url)!.screen;

describe('canonicalScreen', () => {
  it('leads a Quick Link to the screen whose key it carries', () => {
    expect(canonicalScreen(screenAt('/quick/customerlist')).url).toBe('/customer/customerlist');
  });

  it("keeps a screen that shares another screen's key its own (Invoices opens with Customer Detail's key)", () => {
    const invoices = screenAt('/customer/invoices');
    expect(invoices.permission).toBe('/customer/customerdetail');
    expect(canonicalScreen(invoices)).toBe(invoices);
  });
});
