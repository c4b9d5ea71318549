package datasync

import (
	"errors"
	"io"

	"sellerhub/models"
)

// SyncUploadPart is a piece of a file uploaded by hand, waiting for its run's import (the run of cause 上传).
type SyncUploadPart struct {
	RunID     int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID int64
	Seq       int `gorm:"primaryKey;autoIncrement:false"`
	Data      []byte
}

// uploadPartSize is how much of a file one part holds: a 200 MB upload is 200 rows, and reading it back holds one
// part at a time.
const uploadPartSize = 1 << 20

// SaveUploadParts stores the file of the company's run in parts, as it reads r. Call it in the transaction that
// creates the run, so a file half stored is never seen.
func SaveUploadParts(db *models.DB, companyID, runID int64, r io.Reader) (int64, error) {
	buf := make([]byte, uploadPartSize)
	var size int64
	for seq := 0; ; seq++ {
		n, err := io.ReadFull(r, buf)
		if n > 0 {
			part := SyncUploadPart{RunID: runID, CompanyID: companyID, Seq: seq, Data: buf[:n]}
			if err := db.Create(&part).Error; err != nil {
				return size, err
			}
			size += int64(n)
		}
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return size, nil
		}
		if err != nil {
			return size, err
		}
	}
}

// UploadReader reads back the file of the company's run, a part at a time; another company's run reads as empty.
func UploadReader(db *models.DB, companyID, runID int64) io.Reader {
	return &uploadReader{db: db, companyID: companyID, runID: runID}
}

type uploadReader struct {
	db               *models.DB
	companyID, runID int64
	seq              int
	part             []byte
	done             bool
}

func (u *uploadReader) Read(p []byte) (int, error) {
	for len(u.part) == 0 {
		if u.done {
			return 0, io.EOF
		}
		var parts []SyncUploadPart
		err := u.db.Scopes(models.InCompany("sync_upload_parts", u.companyID)).
			Where("sync_upload_parts.run_id = ? AND sync_upload_parts.seq = ?", u.runID, u.seq).Limit(1).Find(&parts).Error
		if err != nil {
			return 0, err
		}
		if len(parts) == 0 {
			u.done = true
			continue
		}
		u.part, u.seq = parts[0].Data, u.seq+1
	}
	n := copy(p, u.part)
	u.part = u.part[n:]
	return n, nil
}

// DeleteUploadParts drops the stored file of the company's run once its import has ended.
func DeleteUploadParts(db *models.DB, companyID, runID int64) error {
	return db.Scopes(models.InCompany("sync_upload_parts", companyID)).Where("sync_upload_parts.run_id = ?", runID).
		Delete(&SyncUploadPart{}).Error
}
