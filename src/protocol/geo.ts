/**
 * Distances on the Earth, for location `distance` filters (Document 2 §Resources and their
 * fields). The members of Geo are not shown; the checker and the reference business read decimal
 * degrees (WGS 84) under the names in common use: `latitude`/`longitude`, `lat` with `lng`, `lon`
 * or `long`, or a GeoJSON Point.
 */
import { isObject } from '../dialect/dialect.js';

export interface Point {
  latitude: number;
  longitude: number;
}

/** Mean Earth radius (IUGG), in meters. */
const EARTH_RADIUS = 6_371_008.8;

/**
 * Half the circumference of the sphere: no two points lie further apart, so a radius at least
 * this large holds every location.
 */
export const HALF_CIRCUMFERENCE = Math.PI * EARTH_RADIUS;

/**
 * How far apart a great-circle distance on the sphere and the WGS 84 geodesic can be: the
 * ellipsoid's radius of curvature lies between 6,335 and 6,399 km, within 0.56% of the mean
 * radius, so a distance within 0.6% of `max` cannot be judged either way.
 */
export const DISTANCE_TOLERANCE = 0.006;

/** A Geo read as latitude/longitude, or undefined when it cannot be placed. */
export function readPoint(geo: unknown): Point | undefined {
  if (!isObject(geo)) return undefined;
  const geoJson = geo.type === 'Point' && Array.isArray(geo.coordinates) ? geo.coordinates : undefined;
  // GeoJSON (RFC 7946) puts longitude first.
  const latitude = geoJson ? geoJson[1] : (geo.latitude ?? geo.lat);
  const longitude = geoJson ? geoJson[0] : (geo.longitude ?? geo.lng ?? geo.lon ?? geo.long);
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return undefined;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return undefined;
  return { latitude, longitude };
}

/** Great-circle (haversine) distance in meters. */
export function distanceMeters(a: Point, b: Point): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS * Math.asin(Math.min(1, Math.sqrt(h)));
}
