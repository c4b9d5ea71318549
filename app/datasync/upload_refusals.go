package datasync

import (
	"errors"
	"io"

	"sellerhub/app/amazon"
	"sellerhub/app/amazondata"
	"sellerhub/app/core"
)

// fileRefusal is the refusal the seller reads for a failure of reading an uploaded file itself (too large once
// unzipped, cut off, not in its encoding); nil for any other failure.
func fileRefusal(err error) *core.Error {
	// A sales and traffic document of more than a day is refused with its reason before anything is stored.
	var le *amazondata.LineError
	if errors.As(err, &le) && le.Line == 1 {
		return core.Invalid(le.Error())
	}
	switch {
	case errors.Is(err, amazon.ErrReportTooLarge):
		return core.Invalid(core.MsgReportTooLarge)
	case errors.Is(err, io.ErrUnexpectedEOF):
		return core.Invalid(core.MsgFileIncomplete)
	case errors.Is(err, amazon.ErrReportEncoding):
		return core.Invalid(core.MsgReportEncoding)
	}
	return nil
}

// orUnreadable is fileRefusal's refusal, or else that the file cannot be read at all.
func orUnreadable(err error) error {
	if refusal := fileRefusal(err); refusal != nil {
		return refusal
	}
	return core.Invalid(MsgUploadUnreadable)
}

// asRefusal is fileRefusal's refusal, or err as it is.
func asRefusal(err error) error {
	if refusal := fileRefusal(err); refusal != nil {
		return refusal
	}
	return err
}
