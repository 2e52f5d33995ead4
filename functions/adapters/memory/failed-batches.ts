/** Failed batches in memory (FailedBatchStore): for tests and the cloud simulator's modelled bucket. */
import type { FailedBatchStore } from '../../stores/failed-batches';

export class MemoryFailedBatchStore implements FailedBatchStore {
  private readonly objects = new Map<string, string>();

  /** What Lambda does: keep a batch's invocation record under its key. */
  put(key: string, text: string): void {
    this.objects.set(key, text);
  }

  get size(): number {
    return this.objects.size;
  }

  async keys(): Promise<string[]> {
    return [...this.objects.keys()].sort();
  }

  async read(key: string): Promise<string | null> {
    return this.objects.get(key) ?? null;
  }

  async delete(key: string): Promise<void> {
    this.objects.delete(key);
  }
}
