"""Train a small PyTorch model for a few steps on batches handed over by gvl.

The model reads one-hot personal haplotypes and learns each haplotype's GC fraction (a target computed from the
batch itself, so the example needs nothing but a dataset). gvl's producer runs as a child process (``gvl handoff``)
and writes every batch into shared memory; the tensors the loop receives are views of that memory, no copy.

    python examples/train_torch.py --dataset my.gvl --reference ref.fa --launcher /path/to/gvl/gvl --steps 30
"""

from __future__ import annotations

import argparse

import torch
from torch import nn
from torch.utils.data import DataLoader

from gvl_jvm import Producer
from gvl_jvm.torch import GvlTorchDataset

# ASCII byte -> channel of the one-hot encoding (A, C, G, T); anything else (N) is all zeros.
LOOKUP = torch.full((256,), 4, dtype=torch.long)
for channel, base in enumerate(b"ACGT"):
    LOOKUP[base] = channel


def one_hot(haplotypes: torch.Tensor) -> torch.Tensor:
    """(batch, ploidy, length) ASCII bytes -> (batch * ploidy, 4, length) float."""
    codes = LOOKUP[haplotypes.reshape(-1, haplotypes.shape[-1]).long()]
    return nn.functional.one_hot(codes, 5)[..., :4].permute(0, 2, 1).float()


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--dataset", required=True)
    p.add_argument("--reference", required=True)
    p.add_argument("--launcher", help="gvl's launcher (default: $GVL_LAUNCHER or gvl on PATH)")
    p.add_argument("--steps", type=int, default=30)
    p.add_argument("--length", type=int, default=512)
    p.add_argument("--batch-size", type=int, default=32)
    args = p.parse_args()

    torch.manual_seed(0)
    producer = Producer(args.dataset, reference=args.reference, batch_size=args.batch_size, epochs=1000,
                        shuffle=True, seed=0, length=args.length, launcher=args.launcher)
    loader = DataLoader(GvlTorchDataset(producer), batch_size=None)  # gvl makes the batches
    model = nn.Sequential(nn.Conv1d(4, 16, 9, padding=4), nn.ReLU(), nn.AdaptiveAvgPool1d(1), nn.Flatten(),
                          nn.Linear(16, 1))
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-2)
    losses = []
    for step, batch in enumerate(loader):
        x = one_hot(batch["haplotypes"])  # the haplotypes tensor is a view of gvl's slot: read it before the next
        target = x[:, 1:3].sum(dim=1).mean(dim=1, keepdim=True)  # GC fraction per haplotype
        loss = nn.functional.mse_loss(model(x), target)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
        print(f"step {step}: loss {loss.item():.5f}", flush=True)
        if step + 1 == args.steps:
            break  # leaving the loop stops the producer (the DataLoader's iterator closes the reader)
    first, last = sum(losses[:5]) / 5, sum(losses[-5:]) / 5
    print(f"trained {len(losses)} steps: mean loss of the first 5 {first:.5f}, of the last 5 {last:.5f}")


if __name__ == "__main__":
    main()
