/** The named switches (faults, or variations) turned on in one reference business. */
export class Switches<N extends string> {
  private readonly on: Set<N>;
  constructor(names: readonly N[] = []) {
    this.on = new Set(names);
  }
  has(name: N): boolean {
    return this.on.has(name);
  }
  get names(): N[] {
    return [...this.on];
  }
}
