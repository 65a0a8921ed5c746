/**
 * A root array written as its elements are parsed. TOON writes an array as a `- ` list unless all
 * its elements are primitives or all are objects sharing tabular fields. Once some elements rule
 * both out, no later element can bring them back, so from then on each batch is encoded as it
 * arrives and dropped: only its text waits for the array's length, which the header states first.
 * Until then the elements are kept and the whole array is encoded at the end.
 */
import { asData, isArray, isPrimitive, type DataObject } from './data-model.js';
import { ToonEncoder } from './encoder.js';
import { tabularFields } from './tabular.js';

export class RootArray {
  private kept: unknown[] = [];
  private count = 0;
  /** The first element, when it is an object: tabular fields, if any, are its fields. */
  private firstObject: DataObject | undefined;
  private sawPrimitive = false;
  private sawObject = false;
  /** The items' text, once the array is known to be a list. */
  private listed: Uint8Array[] | undefined;
  private readonly items = new ToonEncoder((bytes) => this.listed!.push(bytes));

  /** What made encoding fail, kept for `finish`: the body may yet turn out not to be this array. */
  private failure: { readonly error: unknown } | undefined;

  add(elements: readonly unknown[]): void {
    if (this.failure) return;
    try {
      this.count += elements.length;
      if (this.listed) {
        this.items.listItems(elements);
        return;
      }
      for (const element of elements) this.kept.push(element);
      if (this.isList(elements)) {
        this.listed = [];
        this.items.listItems(this.kept);
        this.kept = [];
      }
    } catch (error) {
      this.failure = { error };
    }
  }

  /** Writes the array through `encoder`, and `write` for the text encoded early. */
  finish(encoder: ToonEncoder, write: (bytes: Uint8Array) => void): void {
    if (this.failure) throw this.failure.error;
    if (!this.listed) {
      encoder.document(this.kept);
      return;
    }
    this.items.flush();
    encoder.listHeader(this.count);
    encoder.flush();
    for (const bytes of this.listed) write(bytes);
  }

  /** Whether these elements, with those before, make the array a list whatever follows. */
  private isList(elements: readonly unknown[]): boolean {
    const objects: DataObject[] = [];
    for (const element of elements) {
      const data = asData(element);
      if (isArray(data)) return true;
      if (isPrimitive(data)) {
        this.sawPrimitive = true;
      } else {
        this.sawObject = true;
        this.firstObject ??= data;
        objects.push(data);
      }
      if (this.sawPrimitive && this.sawObject) return true;
    }
    // Objects that are not tabular stay so whatever joins them: testing this batch with the
    // first object is enough, and costs one pass over the batch.
    if (objects.length === 0) return false;
    if (objects[0] !== this.firstObject) objects.unshift(this.firstObject!);
    return tabularFields(objects) === undefined;
  }
}
