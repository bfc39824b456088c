"""Training the learned face classifier (vision/models/faces.onnx).

Only ``python -m vision.training.train`` needs PyTorch (the ``train`` extra); the reader runs the
exported model with OpenCV's dnn module. ``realdata`` and ``synthdata`` build the examples with
numpy and OpenCV alone.
"""
