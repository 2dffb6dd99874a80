package palettes

import (
	"image/color"
	"math"
)

// DeltaE returns the difference between two colours by CIEDE2000 (CIE
// 142-2001), their alpha ignored: about 1 is a difference just seen side
// by side, 20 and more colours told apart at a glance.
func DeltaE(a, b color.NRGBA) float64 {
	return DeltaELab(Lab(a), Lab(b))
}

// Lab returns the CIELAB coordinates of an sRGB colour (IEC 61966-2-1),
// under the D65 white point, its alpha ignored.
func Lab(c color.NRGBA) [3]float64 {
	lin := func(v uint8) float64 {
		x := float64(v) / 255
		if x <= 0.04045 {
			return x / 12.92
		}
		return math.Pow((x+0.055)/1.055, 2.4)
	}
	r, g, b := lin(c.R), lin(c.G), lin(c.B)
	x := (0.4124564*r + 0.3575761*g + 0.1804375*b) / 0.95047
	y := 0.2126729*r + 0.7151522*g + 0.0721750*b
	z := (0.0193339*r + 0.1191920*g + 0.9503041*b) / 1.08883
	f := func(t float64) float64 {
		if t > 216.0/24389 {
			return math.Cbrt(t)
		}
		return (24389.0/27*t + 16) / 116
	}
	fx, fy, fz := f(x), f(y), f(z)
	return [3]float64{116*fy - 16, 500 * (fx - fy), 200 * (fy - fz)}
}

// DeltaELab returns the CIEDE2000 difference of two CIELAB colours
// (L*, a*, b*), with the parametric factors kL = kC = kH = 1, as Sharma,
// Wu and Dalal give it ("The CIEDE2000 color-difference formula:
// implementation notes, supplementary test data, and mathematical
// observations", Color Research & Application 30(1), 2005).
func DeltaELab(x, y [3]float64) float64 {
	const deg = math.Pi / 180
	l1, a1, b1 := x[0], x[1], x[2]
	l2, a2, b2 := y[0], y[1], y[2]
	cBar := (math.Hypot(a1, b1) + math.Hypot(a2, b2)) / 2
	c7 := math.Pow(cBar, 7)
	g := 0.5 * (1 - math.Sqrt(c7/(c7+math.Pow(25, 7))))
	a1p, a2p := (1+g)*a1, (1+g)*a2
	c1p, c2p := math.Hypot(a1p, b1), math.Hypot(a2p, b2)
	hue := func(b, a float64) float64 {
		if a == 0 && b == 0 {
			return 0
		}
		h := math.Atan2(b, a) / deg
		if h < 0 {
			h += 360
		}
		return h
	}
	h1p, h2p := hue(b1, a1p), hue(b2, a2p)
	dLp, dCp := l2-l1, c2p-c1p
	dhp := 0.0
	if c1p*c2p != 0 {
		dhp = h2p - h1p
		switch {
		case dhp > 180:
			dhp -= 360
		case dhp < -180:
			dhp += 360
		}
	}
	dHp := 2 * math.Sqrt(c1p*c2p) * math.Sin(dhp/2*deg)
	lBarp, cBarp := (l1+l2)/2, (c1p+c2p)/2
	hBarp := h1p + h2p
	if c1p*c2p != 0 {
		switch {
		case math.Abs(h1p-h2p) <= 180:
			hBarp /= 2
		case h1p+h2p < 360:
			hBarp = (hBarp + 360) / 2
		default:
			hBarp = (hBarp - 360) / 2
		}
	}
	t := 1 - 0.17*math.Cos((hBarp-30)*deg) + 0.24*math.Cos(2*hBarp*deg) +
		0.32*math.Cos((3*hBarp+6)*deg) - 0.20*math.Cos((4*hBarp-63)*deg)
	dTheta := 30 * math.Exp(-math.Pow((hBarp-275)/25, 2))
	cb7 := math.Pow(cBarp, 7)
	rc := 2 * math.Sqrt(cb7/(cb7+math.Pow(25, 7)))
	l50 := (lBarp - 50) * (lBarp - 50)
	sl := 1 + 0.015*l50/math.Sqrt(20+l50)
	sc := 1 + 0.045*cBarp
	sh := 1 + 0.015*cBarp*t
	rt := -math.Sin(2*dTheta*deg) * rc
	tl, tc, th := dLp/sl, dCp/sc, dHp/sh
	return math.Sqrt(tl*tl + tc*tc + th*th + rt*tc*th)
}
