package catalog

import (
	"context"
	"fmt"
	"io"
	"path"
	"regexp"
	"strconv"
	"strings"

	"sellerhub/app/core"
	"sellerhub/models"
	catalogdb "sellerhub/models/catalog"
)

// Messages of 图片上传 (pictures uploaded in bulk, each file named by its product's SKU).
const (
	MsgPhotoNamesEmpty = "请选择图片"
	MsgPhotoTooMany    = "一次最多上传500张图片"
	msgPhotoType       = "文件类型不支持，只能上传jpg、png、gif、webp图片"
	msgPhotoNoProduct  = "没有SKU为“%s”的本地产品"
	msgPhotoPosition   = "图片序号只能是1到9"
	msgPhotoTwice      = "与“%s”是同一产品的同一张图片"
	maxPhotoNames      = 500
	maxPhotoPosition   = 9
)

// photoTypes are the file names' extensions 图片上传 takes; the content is sniffed again when it comes.
var photoTypes = map[string]bool{".jpg": true, ".jpeg": true, ".png": true, ".gif": true, ".webp": true}

// numbered is a file name's SKU followed by a picture number: A-1-2 is picture 2 of A-1.
var numbered = regexp.MustCompile(`^(.+)-([0-9]{1,2})$`)

// PhotoMatch is what a file name means: the product (its id and SKU) and the picture's position (1 is the main
// picture, 2 to 9 the further ones), or the Problem why it matches none.
type PhotoMatch struct {
	Name      string
	ProductID int64
	SKU       string
	Position  int
	Problem   string
	// Image is the stored picture's address, once saved.
	Image string
}

// MatchPhotos tells, for each file name, the product and picture it is: SKU.jpg is the main picture of the
// product whose SKU is SKU, SKU-2.jpg its second (a SKU that itself ends in -2 wins over that reading). A name
// of another type, of no product, or the same picture as an earlier name, has its problem.
func (s *Service) MatchPhotos(ctx context.Context, p core.Principal, names []string) ([]PhotoMatch, error) {
	switch {
	case len(names) == 0:
		return nil, core.Invalid(MsgPhotoNamesEmpty)
	case len(names) > maxPhotoNames:
		return nil, core.Invalid(MsgPhotoTooMany)
	}
	return matchPhotos(s.db.With(ctx), p.CompanyID, names)
}

func matchPhotos(db *models.DB, companyID int64, names []string) ([]PhotoMatch, error) {
	out := make([]PhotoMatch, len(names))
	stems := make([]string, len(names))
	var skus []string
	for i, name := range names {
		base := path.Base(strings.ReplaceAll(strings.TrimSpace(name), `\`, "/"))
		ext := strings.ToLower(path.Ext(base))
		out[i].Name = base
		if !photoTypes[ext] {
			out[i].Problem = msgPhotoType
			continue
		}
		stems[i] = strings.TrimSpace(strings.TrimSuffix(base, path.Ext(base)))
		skus = append(skus, stems[i])
		if m := numbered.FindStringSubmatch(stems[i]); m != nil {
			skus = append(skus, m[1])
		}
	}
	products, err := catalogdb.LocalProductsBySKU(db, companyID, skus)
	if err != nil {
		return nil, err
	}
	first := map[[2]int64]string{}
	for i := range out {
		m := &out[i]
		if m.Problem != "" {
			continue
		}
		if pr, ok := products[stems[i]]; ok {
			m.ProductID, m.SKU, m.Position = pr.ID, pr.SKU, 1
		} else if n := numbered.FindStringSubmatch(stems[i]); n != nil && products[n[1]].ID != 0 {
			pos, _ := strconv.Atoi(n[2])
			if pos < 1 || pos > maxPhotoPosition {
				m.Problem = msgPhotoPosition
				continue
			}
			m.ProductID, m.SKU, m.Position = products[n[1]].ID, n[1], pos
		} else {
			m.Problem = fmt.Sprintf(msgPhotoNoProduct, stems[i])
			continue
		}
		key := [2]int64{m.ProductID, int64(m.Position)}
		if earlier, ok := first[key]; ok {
			m.Problem, m.ProductID, m.SKU, m.Position = fmt.Sprintf(msgPhotoTwice, earlier), 0, "", 0
			continue
		}
		first[key] = m.Name
	}
	return out, nil
}

// SavePhoto stores the picture read from r as the picture its file name names (MatchPhotos) and answers the
// match with the picture's address; the picture it replaces is deleted. A name matching nothing, or a file that
// is not a picture of at most 2MB, is refused and nothing is stored.
func (s *Service) SavePhoto(ctx context.Context, p core.Principal, name string, r io.Reader) (*PhotoMatch, error) {
	matched, err := matchPhotos(s.db.With(ctx), p.CompanyID, []string{name})
	if err != nil {
		return nil, err
	}
	m := &matched[0]
	if m.Problem != "" {
		return nil, core.Invalid(m.Name + "：" + m.Problem)
	}
	data, ext, err := core.ReadImage(r)
	if err != nil {
		return nil, err
	}
	stored, err := s.uploads.Write(p.CompanyID, ext, data)
	if err != nil {
		return nil, err
	}
	m.Image = core.UploadPrefix + stored
	var old string
	err = s.db.Tx(ctx, func(tx *models.DB) error {
		var err error
		old, err = catalogdb.SetProductImage(tx, p.CompanyID, m.ProductID, m.Position, m.Image, s.now.Stamp())
		return core.NotFoundAs(err, whatProduct)
	})
	if err != nil {
		s.uploads.Remove(p.CompanyID, m.Image)
		return nil, err
	}
	if old != "" && old != m.Image {
		s.uploads.Remove(p.CompanyID, old)
	}
	return m, nil
}
