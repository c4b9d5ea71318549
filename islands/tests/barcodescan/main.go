// Command barcodescan reads the Code 128 barcode in a PNG (a browser test's screenshot of a printed label) and
// prints its text, so a test checks what a scanner would read rather than what the page says. It only runs from
// islands/tests/:
//
//	go run ./islands/tests/barcodescan <file.png>
package main

import (
	"fmt"
	"image/png"
	"os"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/oned"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: barcodescan <file.png>")
		os.Exit(2)
	}
	text, err := scan(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, "barcodescan:", err)
		os.Exit(1)
	}
	fmt.Print(text)
}

func scan(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		return "", err
	}
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	if err != nil {
		return "", err
	}
	res, err := oned.NewCode128Reader().Decode(bmp, map[gozxing.DecodeHintType]interface{}{gozxing.DecodeHintType_TRY_HARDER: true})
	if err != nil {
		return "", err
	}
	return res.GetText(), nil
}
