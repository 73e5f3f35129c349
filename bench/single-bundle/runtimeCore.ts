// Stands in for the shell's runtime-core provider in the single-bundle benchmark build: no remote entry reads
// it, and bundling the runtime core there would charge the single bundle for federation it does not have.
export function provideRuntimeCore(): void {}

export function runtimeVersionGuard(): { name: string } {
  return { name: 'no-federation' };
}
