import { describe, expect, it } from 'vitest';
import { sdkSource } from '../../src/sandbox/paypal/sdk.ts';

describe("the PayPal stand-in's SDK", () => {
  it('writes its texts as data no markup can end early: every < escaped', () => {
    const source = sdkSource({ title: 'PayPal </script><b>', text: 'x', pay: 'Pay now', cancel: 'Cancel' });
    expect(source).not.toContain('</script>');
    expect(source).toContain('var texts = {"title":"PayPal \\u003c/script>\\u003cb>","text":"x","pay":"Pay now","cancel":"Cancel"};');
  });
});
