#!/usr/bin/env python3
"""The testing centre's scores computed by scikit-learn, to cross-check server/testing/scores.ts.

Reads on stdin {"items": [ScoredItem…], "kinds": [kind…]} (the shapes of scores.ts) and prints, per
kind: per classification TP / FP / FN, precision and sensitivity, the micro and macro totals and the
number of qualified messages. The qualification filter, the label sets and the counts are done here
independently, from sklearn's multilabel confusion matrix, so that the two sides share no code.

Each label is one column "classification\\0value" (value "" for category kinds) of a
MultiLabelBinarizer; the columns of one classification are summed, so that an extraction field
detected with a wrong value is one FP and one FN of that field. For category kinds (one column per
classification) the per-classification and macro values come from precision_recall_fscore_support;
for extraction kinds from the summed counts.
"""
import json
import sys

import numpy as np
from sklearn.metrics import multilabel_confusion_matrix, precision_recall_fscore_support
from sklearn.preprocessing import MultiLabelBinarizer

SEPARATOR = "\0"
CATEGORY_KINDS = ("categories", "attachments_categories")
NO_CATEGORY = "NO_CATEGORY" + SEPARATOR


def label_strings(labels):
    return {label["classification"] + SEPARATOR + (label["value"] or "") for label in labels or []}


def ratio(numerator, denominator):
    return None if denominator == 0 else numerator / denominator


def mean_of_defined(values):
    defined = [value for value in values if value is not None]
    return None if not defined else float(np.mean(defined))


def score_kind(kind, items):
    qualified = [item for item in items if kind in item["qualified"]]
    y_true_sets = [label_strings(item["expected"].get(kind)) for item in qualified]
    y_pred_sets = [label_strings(item["detected"].get(kind)) for item in qualified]
    if kind in CATEGORY_KINDS:
        # NO_CATEGORY detected where nothing was expected is no detection (docs/testing-centre.md).
        y_pred_sets = [
            predicted - {NO_CATEGORY} if not expected else predicted
            for expected, predicted in zip(y_true_sets, y_pred_sets)
        ]
    binarizer = MultiLabelBinarizer()
    binarizer.fit(y_true_sets + y_pred_sets)
    columns = list(binarizer.classes_)
    y_true = binarizer.transform(y_true_sets)
    y_pred = binarizer.transform(y_pred_sets)

    # Rows of the matrix: [[tn, fp], [fn, tp]] per column.
    matrix = multilabel_confusion_matrix(y_true, y_pred)
    counts = {}
    for index, column in enumerate(columns):
        classification = column.split(SEPARATOR, 1)[0]
        total = counts.setdefault(classification, {"tp": 0, "fp": 0, "fn": 0})
        total["tp"] += int(matrix[index][1][1])
        total["fp"] += int(matrix[index][0][1])
        total["fn"] += int(matrix[index][1][0])

    is_category_kind = all(column.endswith(SEPARATOR) for column in columns)
    classifications = []
    for classification in sorted(counts):
        c = counts[classification]
        precision = ratio(c["tp"], c["tp"] + c["fp"])
        sensitivity = ratio(c["tp"], c["tp"] + c["fn"])
        if is_category_kind:
            column = [columns.index(classification + SEPARATOR)]
            p, r, _, _ = precision_recall_fscore_support(
                y_true, y_pred, labels=column, average=None, zero_division=0
            )
            precision = None if precision is None else float(p[0])
            sensitivity = None if sensitivity is None else float(r[0])
        classifications.append({"classification": classification, **c,
                                "precision": precision, "sensitivity": sensitivity})

    micro_p, micro_r, _, _ = precision_recall_fscore_support(y_true, y_pred, average="micro", zero_division=0)
    micro = {key: sum(c[key] for c in counts.values()) for key in ("tp", "fp", "fn")}
    micro["precision"] = None if micro["tp"] + micro["fp"] == 0 else float(micro_p)
    micro["sensitivity"] = None if micro["tp"] + micro["fn"] == 0 else float(micro_r)

    if is_category_kind:
        detected = [columns.index(c + SEPARATOR) for c in sorted(counts) if counts[c]["tp"] + counts[c]["fp"]]
        expected = [columns.index(c + SEPARATOR) for c in sorted(counts) if counts[c]["tp"] + counts[c]["fn"]]
        # Restricted to the classifications where the value is defined, no division by zero is left in
        # the value kept; zero_division only quiets the warning about the other value of each call.
        macro = {
            "precision": None if not detected else float(precision_recall_fscore_support(
                y_true, y_pred, labels=detected, average="macro", zero_division=0)[0]),
            "sensitivity": None if not expected else float(precision_recall_fscore_support(
                y_true, y_pred, labels=expected, average="macro", zero_division=0)[1]),
        }
    else:
        macro = {
            "precision": mean_of_defined([c["precision"] for c in classifications]),
            "sensitivity": mean_of_defined([c["sensitivity"] for c in classifications]),
        }
    return {"kind": kind, "classifications": classifications, "micro": micro, "macro": macro,
            "qualifiedMessages": len(qualified)}


def main():
    run = json.load(sys.stdin)
    json.dump([score_kind(kind, run["items"]) for kind in run["kinds"]], sys.stdout)


if __name__ == "__main__":
    main()
