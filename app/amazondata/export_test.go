package amazondata

// BatchLines lets the tests build a file of several batches whatever the batch size.
const BatchLines = batchLines
