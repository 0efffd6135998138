"""Loss binding and references for the gradient-accumulation note (loaded by algoverify).

The English step "evaluate the loss L_i on B_i with the current θ" is bound to a quadratic
loss: the mean over the rows b of the micro-batch of ½‖b − θ‖², whose gradient is θ − mean(b).
"""

import numpy as np


class QuadraticLoss:
    """½ · mean over rows of ‖b − θ‖², with its analytic gradient."""

    def __init__(self, batch):
        self.batch = np.asarray(batch, dtype=float)

    def __call__(self, theta):
        return 0.5 * float(np.mean(np.sum((self.batch - theta) ** 2, axis=1)))

    def grad(self, theta):
        return theta - self.batch.mean(axis=0)


def evaluate_loss(step):
    """Bind L_i to the loss of the i-th micro-batch."""
    step["L_i"] = QuadraticLoss(step.math("B_i"))


BINDINGS = {"evaluate the loss": evaluate_loss}


def accumulated_step(theta, B, eta):
    """What the listing specifies: one step along the mean of the per-micro-batch gradients."""
    grads = [QuadraticLoss(b).grad(theta) for b in B]
    return theta - eta * np.mean(grads, axis=0)


def full_batch_step(theta, B, eta):
    """One step on the concatenated batch: the gradient of the mean loss over every example."""
    return theta - eta * QuadraticLoss(np.concatenate(B)).grad(theta)
