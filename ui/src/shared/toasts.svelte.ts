export type ToastKind = 'success' | 'error' | 'info';
export type Toast = { id: number; kind: ToastKind; text: string };

class Toasts {
  items = $state<Toast[]>([]);
  #next = 1;

  push(text: string, kind: ToastKind = 'success', ms = 3500): number {
    const id = this.#next++;
    this.items.push({ id, kind, text });
    if (this.items.length > 4) this.items.shift();
    setTimeout(() => this.dismiss(id), kind === 'error' ? ms * 2 : ms);
    return id;
  }

  dismiss(id: number) {
    const i = this.items.findIndex((t) => t.id === id);
    if (i >= 0) this.items.splice(i, 1);
  }
}

export const toasts = new Toasts();
